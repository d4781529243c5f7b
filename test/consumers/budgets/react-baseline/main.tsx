// The baseline of the React budget: a React 19 app with one button, no w3kit.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';

function App() {
  const [count, setCount] = useState(0);
  return <button onClick={() => setCount(count + 1)}>Clicked {count}</button>;
}
createRoot(document.getElementById('root')!).render(<App />);
