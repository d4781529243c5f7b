
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's1a5df0d8d76d1333': `⟦Lóádíñg QR çódé⟧`,
's6ebc9bd6feae62a3': `⟦Lóádíñg…⟧`,
's856453f39eb48463': `⟦QR çódé⟧`,
'sb59d68ed12d46377': `⟦Lóádíñg⟧`,
'sb6651a7a3f74fece': `⟦Çóññéçt Wállét⟧`,
'sdf84c74b10feaa0f': str`⟦Líñk: ${0}⟧`,
'sfc003381f593d943': `⟦Çóññéçtíñg...⟧`,
    };
  