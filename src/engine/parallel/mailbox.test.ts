import { describe, expect, it } from 'vitest';
import { Mailbox } from './mailbox';

describe('Mailbox', () => {
  it('keeps each sender in order, whether the take comes before or after the delivery', async () => {
    const box = new Mailbox<string>();
    box.deliver(1, 'a1');
    const early = box.take(2);
    box.deliver(2, 'b1');
    box.deliver(1, 'a2');
    box.deliver(2, 'b2');
    expect(await early).toBe('b1');
    expect([await box.take(1), await box.take(1), await box.take(2)]).toEqual(['a1', 'a2', 'b2']);
  });

  it('rejects waiting and later takes once failed, with the first failure', async () => {
    const box = new Mailbox<number>();
    const waiting = box.take(0);
    box.fail(new Error('replica 0 crashed'));
    box.fail(new Error('second'));
    await expect(waiting).rejects.toThrow('replica 0 crashed');
    await expect(box.take(1)).rejects.toThrow('replica 0 crashed');
  });
});
