/** 简体中文：显存预检的结论与拒绝理由，以及测量运行无法开始的原因。 */
import type { Dictionary } from '../types';

export const preflight = {
  fits: '预检：一步训练中存活张量的峰值约为 {total}（按 TensorFlow.js 的实际保留方式估算；下方的剖析会实测），算上复用池为 {pooled}；最大的缓冲区是 {largest}（{name}）；本设备每个缓冲区最多 {perBuffer}，总共 {budget}（{source}）。',
  refusedTitle: '这组设置超出了本设备的容量。',
  limits: '限制：{source}。',
  skipped: '调试参数 {flag} 关闭了这项检查：“开始”保持可用，出错时要靠 GPU 错误防护来捕获。',
  disabled: '在设置符合容量之前，“开始”保持停用。',
  useBatch: '改用批大小 {n}',
  bufferGroups: {
    parameter: '参数',
    optimizer: '优化器状态',
    batch: '批',
    activation: '激活',
    gradient: '梯度',
    transient: '临时张量',
  },
  gpu: '批大小 {batch}、{size}×{size} 时约需 {total}，最大的缓冲区 {largest}（{name}）；{allowed}。{advice}',
  perBuffer: '这块 GPU 每个缓冲区最多 {bytes}',
  budget: '显存预算是 {budget}，而算上 tfjs 的复用池（×{headroom}）需要 {pooled}',
  and: '，并且',
  largestBatch: '能放下的最大批大小是 {n}。',
  noBatch: '连批大小 1 都放不下：请减小图像尺寸、深度或基础宽度。',
  host: '数据加载器最多会保存 {workers} × {prefetch} + 1 个 {batch} 的批，共 {held} 主机内存，超过了为一个标签页假定的 {budget}：请减少工作程序或预取数、减小批大小，或改用 uint8 存储。',
  source: {
    'webgpu-hardware':
      '每个缓冲区的上限由 WebGPU 报告；{budget} GiB 的预算是假定的，因为浏览器不会报告 GPU 有多少显存',
    'webgpu-software':
      '每个缓冲区的上限由 WebGPU 报告；{budget} GiB 的预算是为软件适配器假定的，它的“显存”就是页面的内存',
    unreported: '{backend} 不报告显存限制，因此保守地假定每个缓冲区 {perBuffer} GiB、总预算 {budget} GiB',
  },
  blocker: {
    mainRunning: '请先停止训练：同时运行两个会扭曲每步耗时。',
    booting: '训练后端仍在启动。',
    compareRunning: '正在运行一次对比。',
    parallelRunning: '多 GPU 运行正在进行。',
    lessonRunning: '正在运行一节课。',
    sweepRunning: '正在运行一次扫描。',
    finderRunning: '批大小查找器正在运行。',
    alreadyRunning: '已在运行。',
    doesNotFit: '{name} 超出了本设备的容量：{reason}',
  },
} satisfies Dictionary['preflight'];
