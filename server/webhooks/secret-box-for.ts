import type { Config } from '../config';
import { SecretBox } from './secret-box';

const boxes = new WeakMap<Config, SecretBox>();

/** One box per configuration: deriving the key is cheap, but not free per delivery. */
export function secretBoxFor(config: Config): SecretBox {
  let box = boxes.get(config);
  if (!box) {
    box = new SecretBox(config.secretKey);
    boxes.set(config, box);
  }
  return box;
}
