/** The frame site's entry, bundled to /frame.js. */
import { startFrame } from './frame-app.js';

void startFrame().catch((error: unknown) => console.error('w3kit frame: failed to start', error));
