// The React budget's app: the baseline plus the README's React example.
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import { createW3Modal, networks, W3Button, W3Modal, useW3Account } from 'w3kit/react';

createW3Modal({ networks: [networks.mainnet, networks.base] });
function App() {
  const [count, setCount] = useState(0);
  const { address } = useW3Account();
  return (
    <>
      <button onClick={() => setCount(count + 1)}>Clicked {count}</button>
      <W3Modal onW3Connect={(e) => console.log(e.detail.address)} />
      <W3Button />
      {address && <p>{address}</p>}
    </>
  );
}
createRoot(document.getElementById('root')!).render(<App />);
