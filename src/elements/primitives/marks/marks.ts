/**
 * Where the modal takes a network's mark from (issue 35): the dApp's `imageUrl` first, then the
 * backend's image catalog by icon id when a backend is configured (`apiUrl` and `projectId`),
 * else the bundled marks of src/wire/marks/marks-data.ts, a lazy chunk loaded when a network row
 * first renders (never in the CDN's first chunk); a monogram only where none has a mark. Social
 * providers' marks always come from that chunk (<w3-ui-social-mark>): inline, so the single-colour
 * ones take the theme's text colour, which an <img> of the backend's could not.
 */
import { $options } from '../../../stores/app/options.js';

/** The backend's URL of a network icon's image in its catalog, or undefined with no backend. */
export function backendMarkUrl(icon: string): string | undefined {
  const options = $options.get();
  if (!options?.apiUrl || !options.projectId) return undefined;
  return `${options.apiUrl.replace(/\/+$/, '')}/public/getAssetImage/${encodeURIComponent(icon)}?projectId=${encodeURIComponent(options.projectId)}`;
}

/** An SVG text as an image URL. */
export const svgDataUrl = (svg: string): string => `data:image/svg+xml,${encodeURIComponent(svg)}`;
