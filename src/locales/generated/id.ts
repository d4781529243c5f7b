
    // Do not modify this file by hand!
    // Re-generate this file by running lit-localize

    
    import {str} from '@lit/localize';

    /* eslint-disable no-irregular-whitespace */
    /* eslint-disable @typescript-eslint/no-explicit-any */

    export const templates = {
      's347e9a23796a55dd': `Balance unavailable`,
'sfc003381f593d943': `Connecting...`,
'sb6651a7a3f74fece': `Connect Wallet`,
's30128795ca289d43': `Unknown Network`,
's9feb1a1345ccc3e5': `Network`,
's28ba0ec98b739831': str`Unsupported network (chain ID ${0}): change network`,
's406149f4a7087fff': `Change network`,
'sc88305272b6913df': `Transaction hash copied`,
's8a7fa8a052138aef': `Warning:`,
'sb05eac6313ad4f91': `Error:`,
's979f38023babd06d': `Dismiss alert`,
's846b3790b6e25c1c': `Account`,
'sf4f86b1b88cd47ce': `All Wallets`,
'se690497f2c6e0e8b': `Switch Network`,
's1c1162b610cef0a3': `Choose name`,
's4ea3f68bf2008aea': `Name registered`,
's1f26d0b459d166b2': `Email Login`,
's3fded6c291705441': `Edit Email`,
'sf3c3076c3bdd45cd': `Wallets`,
's31c08338811db73a': `Approve Transaction`,
's5e94738a2eeb8943': `Sign In`,
'scf28302518a72dee': `Swap`,
's1d71b1b2ff098128': `Switch Chain`,
'sa96b829233d69f86': `Choose Network`,
's4128573c59612cb8': `What is a wallet?`,
's28d3686e9c15773f': `Confirm Email`,
'sab7cd8f2b041b10a': `Register Device`,
's57adf424d57c8a0f': `Send`,
's6c1a4c6048c47fa2': `Receive`,
'sae9d98561ab9d29d': `Choose Provider`,
's520b354697313695': `Approve in your wallet`,
's5c9a74d43f7d7551': `Get a wallet`,
'sc16e00a7a8b2fde2': `Back`,
's5e8250fb85d64c23': `Close`,
    };
  