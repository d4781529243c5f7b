// SPDX-License-Identifier: MIT
pragma solidity 0.8.28;

interface IERC721Receiver {
    function onERC721Received(address operator, address from, uint256 tokenId, bytes calldata data) external returns (bytes4);
}

/// @title DemoNft
/// @notice A minimal ERC-721 for the local chain. The deployer mints with `mint(to)` (ids 1, 2,
/// ...); `tokenURI` is a `data:application/json;base64,...` URI with a name ("<name> #<id>") and
/// an SVG image as a data URI, so wallets and indexers need no other server.
contract DemoNft {
    string public name;
    string public symbol;
    address public owner;
    uint256 public totalSupply;

    mapping(uint256 => address) private _owners;
    mapping(address => uint256) private _balances;
    mapping(uint256 => address) private _tokenApprovals;
    mapping(address => mapping(address => bool)) private _operatorApprovals;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);
    event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId);
    event ApprovalForAll(address indexed owner, address indexed operator, bool approved);

    constructor(string memory name_, string memory symbol_) {
        name = name_;
        symbol = symbol_;
        owner = msg.sender;
    }

    function supportsInterface(bytes4 interfaceId) external pure returns (bool) {
        return interfaceId == 0x01ffc9a7 || interfaceId == 0x80ac58cd || interfaceId == 0x5b5e139f;
    }

    function mint(address to) external returns (uint256 tokenId) {
        require(msg.sender == owner, "DemoNft: only the owner mints");
        require(to != address(0), "DemoNft: mint to the zero address");
        tokenId = ++totalSupply;
        _owners[tokenId] = to;
        _balances[to] += 1;
        emit Transfer(address(0), to, tokenId);
    }

    function balanceOf(address holder) external view returns (uint256) {
        require(holder != address(0), "DemoNft: zero address");
        return _balances[holder];
    }

    function ownerOf(uint256 tokenId) public view returns (address) {
        address holder = _owners[tokenId];
        require(holder != address(0), "DemoNft: nonexistent token");
        return holder;
    }

    function approve(address to, uint256 tokenId) external {
        address holder = ownerOf(tokenId);
        require(msg.sender == holder || _operatorApprovals[holder][msg.sender], "DemoNft: not allowed");
        _tokenApprovals[tokenId] = to;
        emit Approval(holder, to, tokenId);
    }

    function getApproved(uint256 tokenId) external view returns (address) {
        ownerOf(tokenId);
        return _tokenApprovals[tokenId];
    }

    function setApprovalForAll(address operator, bool approved) external {
        _operatorApprovals[msg.sender][operator] = approved;
        emit ApprovalForAll(msg.sender, operator, approved);
    }

    function isApprovedForAll(address holder, address operator) external view returns (bool) {
        return _operatorApprovals[holder][operator];
    }

    function transferFrom(address from, address to, uint256 tokenId) public {
        address holder = ownerOf(tokenId);
        require(holder == from, "DemoNft: wrong from");
        require(to != address(0), "DemoNft: transfer to the zero address");
        require(
            msg.sender == holder || _tokenApprovals[tokenId] == msg.sender || _operatorApprovals[holder][msg.sender],
            "DemoNft: not allowed"
        );
        delete _tokenApprovals[tokenId];
        _balances[from] -= 1;
        _balances[to] += 1;
        _owners[tokenId] = to;
        emit Transfer(from, to, tokenId);
    }

    function safeTransferFrom(address from, address to, uint256 tokenId) external {
        safeTransferFrom(from, to, tokenId, "");
    }

    function safeTransferFrom(address from, address to, uint256 tokenId, bytes memory data) public {
        transferFrom(from, to, tokenId);
        if (to.code.length > 0) {
            bytes4 answer = IERC721Receiver(to).onERC721Received(msg.sender, from, tokenId, data);
            require(answer == IERC721Receiver.onERC721Received.selector, "DemoNft: receiver refused");
        }
    }

    function tokenURI(uint256 tokenId) external view returns (string memory) {
        ownerOf(tokenId);
        string memory id = _toString(tokenId);
        string memory hue = _toString((tokenId * 137) % 360);
        string memory svg = string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="12" fill="hsl(',
            hue,
            ',70%,50%)"/><text x="48" y="58" font-family="sans-serif" font-size="28" fill="#fff" text-anchor="middle">#',
            id,
            "</text></svg>"
        );
        string memory json = string.concat(
            '{"name":"',
            name,
            " #",
            id,
            '","description":"',
            name,
            ' on the local chain","image":"data:image/svg+xml;base64,',
            _base64(bytes(svg)),
            '"}'
        );
        return string.concat("data:application/json;base64,", _base64(bytes(json)));
    }

    function _toString(uint256 value) internal pure returns (string memory) {
        if (value == 0) return "0";
        uint256 digits;
        for (uint256 v = value; v != 0; v /= 10) digits++;
        bytes memory out = new bytes(digits);
        for (; value != 0; value /= 10) out[--digits] = bytes1(uint8(48 + (value % 10)));
        return string(out);
    }

    function _base64(bytes memory data) internal pure returns (string memory) {
        bytes memory table = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
        if (data.length == 0) return "";
        bytes memory out = new bytes(4 * ((data.length + 2) / 3));
        uint256 j;
        for (uint256 i = 0; i < data.length; i += 3) {
            uint256 chunk = uint256(uint8(data[i])) << 16;
            if (i + 1 < data.length) chunk |= uint256(uint8(data[i + 1])) << 8;
            if (i + 2 < data.length) chunk |= uint256(uint8(data[i + 2]));
            out[j++] = table[(chunk >> 18) & 63];
            out[j++] = table[(chunk >> 12) & 63];
            out[j++] = i + 1 < data.length ? table[(chunk >> 6) & 63] : bytes1("=");
            out[j++] = i + 2 < data.length ? table[chunk & 63] : bytes1("=");
        }
        return string(out);
    }
}
