
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'sfc003381f593d943': `Connecting...`,
'sb6651a7a3f74fece': `Connect Wallet`,
's856453f39eb48463': `QR code`,
's1a5df0d8d76d1333': `Loading QR code`,
'sdf84c74b10feaa0f': str`Link: ${0}`,
's6ebc9bd6feae62a3': `Loading…`,
'sb59d68ed12d46377': `Loading`,
    };
  