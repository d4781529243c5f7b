module.exports = { networks: { hardhat: { chainId: Number(process.env.HARDHAT_CHAIN_ID || 31337) } } };
