/** 简体中文：测得比值的区间所允许的结论、区间本身，以及计时是否稳定。 */
import type { Dictionary } from '../types';

export const verdict = {
  figure: '每秒样本数为 {ratio}',
  interval: '{low} 至 {high}，{method}',
  method: {
    paired: '95% 区间，{rounds} 轮成对测量',
    minMax: '最小值至最大值，{rounds} 轮成对测量',
    unpaired: '先后计时的两次运行中最慢到最快的块，每次至少 {rounds} 个块',
  },
  codes: { faster: '更快', slower: '更慢', 'no-difference': '在这里测不出差别' },
  settled: '已稳定在 ±{tolerance} 之内。',
  notSettled: '{rounds} 轮后仍未稳定在 ±{tolerance} 之内：请再运行一次。',
  settledRuns: '两次运行的计时都已稳定：最后一个块内均值的变化小于 ±{tolerance}。',
  notSettledRuns: '未稳定：有一次运行在均值稳定之前就达到了计时上限。请再运行一次以得到更可靠的数字。',
  explainTitle: { faster: '为什么没有更快：', slower: '为什么更慢：', 'no-difference': '为什么没有差别：' },
  compareExplain: {
    faster: '在测量的各轮中，B 每秒训练的样本多于 A，且超出了它们的波动。',
    slower: '在测量的各轮中，B 每秒训练的样本少于 A，且超出了它们的波动：它的设置在这里耗费了时间。',
    'no-difference': '各轮对谁更快意见不一：即使有差别，也小于本机上的噪声。',
  },
} satisfies Dictionary['verdict'];
