/** 简体中文：批大小查找器。 */
import type { Dictionary } from '../types';

export const finder = {
  title: '找出最大的批大小',
  intro:
    '在这台设备上实际跑训练步，做法同 BatchSizeFinder：从当前批大小开始翻倍，直到某一步失败，再在最后成功的批和第一个失败的批之间二分查找。每次试验都是新模型在独立工作程序中跑一步，并处在 GPU 错误作用域之下；预检仍会把关每次试验，被它拒绝的批大小直接算作失败，不会运行。',
  find: '找出最大的批大小',
  stop: '停止',
  idle: '尚未运行。',
  starting: '正在为试验启动工作程序…',
  running: '正在进行第 {n} 次试验…',
  stopped: '已停止。',
  failedLead: '批大小查找器已停止：{detail}',
  caption: '各次试验，按运行顺序',
  colBatch: '批大小',
  colOutcome: '结果',
  colStep: '一步耗时（含编译）',
  colPeak: '显存峰值',
  ran: '成功',
  failed: '失败',
  refused: '被预检拒绝',
  noPeak: '这个后端没有显存峰值',
  none: '—',
  result: {
    noneRanFits: '连批大小 1 都没跑成，而估计认为批大小 {predicted} 能放下。',
    noneRanAgrees: '连批大小 1 都没跑成；估计也认为什么都放不下。',
    head: '跑成的最大批大小是 {largest}；估计认为 {predicted} 能放下',
    noRatio: '{head}。',
    same: '{head}：两者相同（{ratio}）：估计允许的每个批大小设备都跑成了。',
    below: '{head}：实际是估计的 {ratio}——设备在估计承诺的范围内就失败了。',
    above: '{head}：实际是估计的 {ratio}。',
  },
  bound: {
    failed: '{largest}：批大小 {batch} 在设备上失败。',
    formMax: '≥ {largest}：没有任何一步失败；查找停在表单允许的最大批大小（{max}）。',
    refused: {
      reported: '≥ {largest}：没有任何一步失败；预检按设备报告的单个缓冲区上限拒绝了批大小 {batch}。',
      assumed:
        '≥ {largest}：没有任何一步失败；预检按为这个设备假定的显存预算（并非设备报告）拒绝了批大小 {batch}。',
      estimator: '≥ {largest}：没有任何一步失败；预检无法估计批大小 {batch}。',
    },
    cappedRow: '未尝试：超出表单的最大值（{max}）',
  },
  useBatch: '改用批大小 {n}',
  stoppedEarly: '查找结束前已停止：批大小 {n} 跑成了，更大的没有全部试过。',
  stoppedBeforeAny: '还没有任何批大小跑成就停止了。',
} satisfies Dictionary['finder'];
