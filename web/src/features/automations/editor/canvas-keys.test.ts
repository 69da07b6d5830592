import { describe, expect, it } from 'vitest';
import { canvasKey } from './canvas-keys';

const order = ['trigger', 'check', 'reply', 'like'];
const key = (name: string, mods: { altKey?: boolean; ctrlKey?: boolean } = {}) => ({ key: name, altKey: false, ctrlKey: false, metaKey: false, ...mods });

describe('canvas keys', () => {
  it('moves between nodes with the arrows, Home and End', () => {
    expect(canvasKey(key('ArrowDown'), 'trigger', order)).toEqual({ kind: 'select', id: 'check' });
    expect(canvasKey(key('ArrowUp'), 'reply', order)).toEqual({ kind: 'select', id: 'check' });
    expect(canvasKey(key('ArrowUp'), 'trigger', order)).toBeNull();
    expect(canvasKey(key('ArrowDown'), 'like', order)).toBeNull();
    expect(canvasKey(key('ArrowDown'), null, order)).toEqual({ kind: 'select', id: 'trigger' });
    expect(canvasKey(key('End'), 'check', order)).toEqual({ kind: 'select', id: 'like' });
    expect(canvasKey(key('Home'), 'like', order)).toEqual({ kind: 'select', id: 'trigger' });
  });

  it('reorders the selected step with Alt and the arrows, never above the trigger or past the end', () => {
    expect(canvasKey(key('ArrowDown', { altKey: true }), 'check', order)).toEqual({ kind: 'move', id: 'check', by: 1 });
    expect(canvasKey(key('ArrowUp', { altKey: true }), 'reply', order)).toEqual({ kind: 'move', id: 'reply', by: -1 });
    expect(canvasKey(key('ArrowUp', { altKey: true }), 'check', order)).toBeNull();
    expect(canvasKey(key('ArrowDown', { altKey: true }), 'like', order)).toBeNull();
    expect(canvasKey(key('ArrowDown', { altKey: true }), 'trigger', order)).toBeNull();
    expect(canvasKey(key('ArrowDown', { ctrlKey: true }), 'check', order)).toBeNull();
    expect(canvasKey(key('a'), 'check', order)).toBeNull();
  });
});
