export function App() {
  return <p>placeholder</p>;
}
