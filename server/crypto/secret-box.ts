import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

const VERSION = 'v1';

/**
 * What a box's key is for. Each purpose derives its own key from SECRET_KEY (HKDF-SHA256 with its
 * own salt and label), so ciphertexts of one purpose never open with another's key. The values are
 * those the stored rows were sealed with: changing one makes existing ciphertexts unreadable.
 */
export const SEALED_PURPOSES = {
  webhookSecrets: { salt: 'socialdesk', info: 'webhook endpoint secrets' },
  platformTokens: { salt: 'socialdesk-token-vault', info: 'platform-tokens:v1' },
} as const;

export type SealedPurpose = keyof typeof SEALED_PURPOSES;

/**
 * Secrets at rest (webhook signing secrets, platform tokens): AES-256-GCM under a key derived
 * from SECRET_KEY, so a database dump alone reveals none of them. Format: `v1.iv.tag.ciphertext`
 * (base64url), a fresh 96-bit IV per value.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(
    secretKey: string,
    private readonly purpose: SealedPurpose,
  ) {
    const { salt, info } = SEALED_PURPOSES[purpose];
    this.key = Buffer.from(hkdfSync('sha256', secretKey, salt, info, 32));
  }

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), ciphertext.toString('base64url')].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, ciphertext] = sealed.split('.');
    if (version !== VERSION || !iv || !tag || ciphertext === undefined) throw new Error(`Unreadable sealed value (${this.purpose})`);
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export type SecretBoxes = Record<SealedPurpose, SecretBox>;

/** One box per purpose, built once at boot (key derivation is cheap, but not free per call). */
export function createSecretBoxes(secretKey: string): SecretBoxes {
  return {
    webhookSecrets: new SecretBox(secretKey, 'webhookSecrets'),
    platformTokens: new SecretBox(secretKey, 'platformTokens'),
  };
}
