import { createECDH, randomBytes } from 'node:crypto';
import { secp256k1 } from '@noble/curves/secp256k1.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { bytesToHex, concatBytes, hexToBytes, utf8ToBytes } from '@noble/hashes/utils.js';

/** A secp256k1 wallet: the private key as 64 hex digits and the lower-case 0x address. */
export interface Wallet {
  privateKey: string;
  address: string;
}

/** The Ethereum address of an uncompressed public key: last 20 bytes of keccak256 of x || y. */
export function addressOf(uncompressedPublicKey: Uint8Array): string {
  return `0x${bytesToHex(keccak_256(uncompressedPublicKey.subarray(1)).subarray(12))}`;
}

/** Makes `count` random wallets. Node's native curve derives the public keys (fast for 10,000). */
export function newWallets(count: number): Wallet[] {
  const ecdh = createECDH('secp256k1');
  const wallets: Wallet[] = [];
  while (wallets.length < count) {
    const key = randomBytes(32);
    try {
      ecdh.setPrivateKey(key); // throws for 0 or a key not below the curve order
    } catch {
      continue;
    }
    wallets.push({ privateKey: key.toString('hex'), address: addressOf(ecdh.getPublicKey()) });
  }
  return wallets;
}

/** EIP-191 personal-message hash: keccak256("\x19Ethereum Signed Message:\n" + byte length + message). */
export function personalMessageHash(message: string): Uint8Array {
  const bytes = utf8ToBytes(message);
  return keccak_256(concatBytes(utf8ToBytes(`\x19Ethereum Signed Message:\n${bytes.length}`), bytes));
}

/** Signs `message` as a personal message: `0x` + r + s + v (27 or 28), 132 characters. */
export function signPersonalMessage(message: string, privateKeyHex: string): string {
  const signature = secp256k1.Signature.fromBytes(
    secp256k1.sign(personalMessageHash(message), hexToBytes(privateKeyHex), { prehash: false, format: 'recovered' }),
    'recovered',
  );
  const v = (27 + signature.recovery!).toString(16);
  return `0x${bytesToHex(signature.toBytes('compact'))}${v}`;
}

/** The address that signed `message`, or undefined when no public key can be recovered. */
export function recoverPersonalSigner(message: string, signatureHex: string): string | undefined {
  const match = /^0x([0-9a-fA-F]{64})([0-9a-fA-F]{64})([0-9a-fA-F]{2})$/.exec(signatureHex);
  if (!match) return undefined;
  let v = parseInt(match[3]!, 16);
  if (v >= 27) v -= 27;
  if (v !== 0 && v !== 1) return undefined;
  try {
    const signature = new secp256k1.Signature(BigInt(`0x${match[1]}`), BigInt(`0x${match[2]}`), v);
    return addressOf(signature.recoverPublicKey(personalMessageHash(message)).toBytes(false));
  } catch {
    return undefined;
  }
}
