/**
 * The QR code of a string as one SVG path, made by the `uqr` library (loaded lazily with the
 * code that shows a pairing URI). Error correction H, so the logo in the centre (a clear square
 * of about a fifth of the side) leaves the code readable.
 */
import { encode } from 'uqr';

export interface QrMatrix {
  /** Modules per side. */
  size: number;
  /** Side of the clear square in the centre, in modules (0 when there is no logo). */
  logoSize: number;
  /** SVG path of the dark modules, in module units. */
  path: string;
  /** How many dark modules the path draws. */
  modules: number;
}

export function qrMatrix(text: string, { logo = true }: { logo?: boolean } = {}): QrMatrix {
  const { size, data } = encode(text, { ecc: 'H', border: 0 });
  // An odd-sized clear square, centred, about 22% of the side.
  let logoSize = logo ? Math.floor(size * 0.22) : 0;
  if (logoSize > 0 && logoSize % 2 !== size % 2) logoSize += 1;
  const start = (size - logoSize) / 2;
  const inLogo = (x: number, y: number) => logoSize > 0 && x >= start && x < start + logoSize && y >= start && y < start + logoSize;
  const parts: string[] = [];
  let modules = 0;
  data.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark || inLogo(x, y)) return;
      modules++;
      parts.push(`M${x} ${y}h1v1h-1z`);
    }),
  );
  return { size, logoSize, path: parts.join(''), modules };
}
