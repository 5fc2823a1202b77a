/** retranslate: English built from templates reads back into another language's templates; anything else stays. */
import { describe, expect, it } from 'vitest';
import { fill } from './fill';
import { retranslate } from './retranslate';

const en = {
  corrupt: 'is not a valid image: remove it',
  tooLarge: '{width}×{height} px is over the {max} MP limit',
  decodeFailed: 'could not be decoded: {reason}',
  count: { one: '{count} problem found', other: '{count} problems found' },
};
const zh = {
  corrupt: '不是有效的图像：请删除',
  tooLarge: '{width}×{height} px 超过了 {max} MP 的上限',
  decodeFailed: '无法解码：{reason}',
  count: { one: '发现 {count} 个问题', other: '发现 {count} 个问题' },
};

describe('retranslate', () => {
  it('reads the values back and fills the other template', () => {
    expect(retranslate(en.corrupt, en, zh)).toBe(zh.corrupt);
    expect(retranslate(fill(en.tooLarge, { width: 8000, height: 6000, max: 24 }), en, zh)).toBe(
      '8000×6000 px 超过了 24 MP 的上限',
    );
    expect(retranslate(fill(en.count.other, { count: 3 }), en, zh)).toBe('发现 3 个问题');
    // A value may itself hold the template's punctuation.
    expect(retranslate('could not be decoded: bad: header', en, zh)).toBe('无法解码：bad: header');
  });

  it('leaves text that matches no template as it is', () => {
    expect(retranslate('something else entirely', en, zh)).toBe('something else entirely');
    expect(retranslate('is not a valid image: remove it now', en, zh)).toBe(
      'is not a valid image: remove it now',
    );
    expect(retranslate('', en, zh)).toBe('');
  });
});
