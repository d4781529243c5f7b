
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's1c1162b610cef0a3': `⟦Çhóóšé ñámé⟧`,
's1d71b1b2ff098128': `⟦Šwítçh Çháíñ⟧`,
's1f26d0b459d166b2': `⟦Émáíl Lógíñ⟧`,
's28ba0ec98b739831': str`⟦Úñšúppórtéd ñétwórk (çháíñ ÍD ${0}): çháñgé ñétwórk⟧`,
's28d3686e9c15773f': `⟦Çóñfírm Émáíl⟧`,
's30128795ca289d43': `⟦Úñkñówñ Ñétwórk⟧`,
's31c08338811db73a': `⟦Áppróvé Tráñšáçtíóñ⟧`,
's347e9a23796a55dd': `⟦Báláñçé úñáváíláblé⟧`,
's3fded6c291705441': `⟦Édít Émáíl⟧`,
's406149f4a7087fff': `⟦Çháñgé ñétwórk⟧`,
's4128573c59612cb8': `⟦Whát íš á wállét?⟧`,
's4ea3f68bf2008aea': `⟦Ñámé régíštéréd⟧`,
's520b354697313695': `⟦Áppróvé íñ ýóúr wállét⟧`,
's57adf424d57c8a0f': `⟦Šéñd⟧`,
's5c9a74d43f7d7551': `⟦Gét á wállét⟧`,
's5e8250fb85d64c23': `⟦Çlóšé⟧`,
's5e94738a2eeb8943': `⟦Šígñ Íñ⟧`,
's6c1a4c6048c47fa2': `⟦Réçéívé⟧`,
's846b3790b6e25c1c': `⟦Áççóúñt⟧`,
's8a7fa8a052138aef': `⟦Wárñíñg:⟧`,
's979f38023babd06d': `⟦Díšmíšš álért⟧`,
's9feb1a1345ccc3e5': `⟦Ñétwórk⟧`,
'sa96b829233d69f86': `⟦Çhóóšé Ñétwórk⟧`,
'sab7cd8f2b041b10a': `⟦Régíštér Dévíçé⟧`,
'sae9d98561ab9d29d': `⟦Çhóóšé Próvídér⟧`,
'sb05eac6313ad4f91': `⟦Érrór:⟧`,
'sb6651a7a3f74fece': `⟦Çóññéçt Wállét⟧`,
'sc16e00a7a8b2fde2': `⟦Báçk⟧`,
'sc88305272b6913df': `⟦Tráñšáçtíóñ hášh çópíéd⟧`,
'scf28302518a72dee': `⟦Šwáp⟧`,
'se690497f2c6e0e8b': `⟦Šwítçh Ñétwórk⟧`,
'sf3c3076c3bdd45cd': `⟦Wállétš⟧`,
'sf4f86b1b88cd47ce': `⟦Áll Wállétš⟧`,
'sfc003381f593d943': `⟦Çóññéçtíñg...⟧`,
    };
  