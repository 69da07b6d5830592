import { describe, expect, it } from 'vitest';
import { createSecretBoxes, SecretBox } from './secret-box';

const KEY = 'k'.repeat(43);

describe('SecretBox', () => {
  it('seals with AES-256-GCM and refuses tampering or another key', () => {
    const box = new SecretBox('a'.repeat(43), 'platformTokens');
    const sealed = box.seal('sbx_at_secret');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('secret');
    expect(box.seal('sbx_at_secret')).not.toBe(sealed);
    expect(box.open(sealed)).toBe('sbx_at_secret');
    const parts = sealed.split('.');
    parts[3] = parts[3]!.slice(0, -2) + (parts[3]!.endsWith('AA') ? 'BB' : 'AA');
    expect(() => box.open(parts.join('.'))).toThrow();
    expect(() => new SecretBox('b'.repeat(43), 'platformTokens').open(sealed)).toThrow();
  });

  it('keeps each purpose to its own key', () => {
    const boxes = createSecretBoxes(KEY);
    const sealed = boxes.webhookSecrets.seal('whsec_x');
    expect(() => boxes.platformTokens.open(sealed)).toThrow();
    expect(boxes.webhookSecrets.open(sealed)).toBe('whsec_x');
  });

  // Sealed by the two helpers this one replaced (webhooks/secret-box.ts, platforms/token-vault.ts):
  // rows already in databases must stay readable.
  it('opens values sealed before the two helpers were merged', () => {
    const boxes = createSecretBoxes(KEY);
    expect(boxes.webhookSecrets.open('v1.VGmf9IXfO-7LD-3T.WfIJ52UhJOeZ2DuzZxpcaw.clRpO-bWiPCGMGSSUivSPYhO0dt4b8XshvLj6AM')).toBe(
      'whsec_stored-before-the-merge',
    );
    expect(boxes.platformTokens.open('v1.xHGPncaPSHvahz7L.bwrJiLtFwIkNySLmvu6E9Q.41Hi82b6KFL1sOQynhd-LrubgvsO0JnVXzfcnqJj')).toBe(
      'sbx_at_stored-before-the-merge',
    );
  });
});
