
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      'sb6651a7a3f74fece': `Cüzdan Bağla`,
'sfc003381f593d943': `Bağlanıyor...`,
    };
  