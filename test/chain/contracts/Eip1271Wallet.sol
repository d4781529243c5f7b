// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

/// @title Eip1271Wallet
/// @notice A minimal contract account for the sign-in-with-X tests: one owner (an EOA) whose
/// ECDSA signature of a hash makes `isValidSignature` answer the EIP-1271 magic value.
contract Eip1271Wallet {
    bytes4 private constant MAGIC_VALUE = 0x1626ba7e;
    bytes4 private constant INVALID = 0xffffffff;

    address public immutable owner;

    constructor(address owner_) {
        owner = owner_;
    }

    /// @notice 0x1626ba7e when `signature` (r, s, v: 65 bytes) recovers to the owner for `hash`, else 0xffffffff.
    function isValidSignature(bytes32 hash, bytes calldata signature) external view returns (bytes4) {
        if (signature.length != 65) return INVALID;
        bytes32 r;
        bytes32 s;
        uint8 v;
        assembly {
            r := calldataload(signature.offset)
            s := calldataload(add(signature.offset, 32))
            v := byte(0, calldataload(add(signature.offset, 64)))
        }
        if (v < 27) v += 27;
        address signer = ecrecover(hash, v, r, s);
        return signer != address(0) && signer == owner ? MAGIC_VALUE : INVALID;
    }
}
