/** 简体中文：图表标题、坐标轴、图例与空图提示；训练起点标记；导出按钮。 */
import type { Dictionary } from '../types';

const empty = '还没有训练步：请按“开始”';

export const charts = {
  specs: {
    memory: {
      title: '显存',
      x: '步',
      empty,
      series: {
        'gpu-bytes-in-use': 'GPU 已用',
        'gpu-peak-bytes': '本步 GPU 峰值',
        'gpu-bytes-allocated': 'GPU 已分配（含显存池）',
        'host-bytes-in-flight': '主机在途',
      },
      axes: { bytes: '字节' },
    },
    throughput: {
      title: '吞吐量',
      x: '步',
      empty,
      series: {
        'samples-per-sec': '样本/秒',
        'data-wait-ms': '等待数据',
        'upload-ms': '上传',
        'compute-ms': '计算',
      },
      axes: { sps: '样本/秒', ms: '每步耗时（ms）' },
    },
    bytes: {
      title: '每步传到 GPU 的字节',
      x: '步',
      empty,
      series: { 'uploaded-image-bytes': '图像', 'uploaded-mask-bytes': '掩码' },
      axes: { bytes: '字节' },
    },
    loss: {
      title: '损失与 IoU',
      x: '步',
      empty,
      series: { loss: '损失', 'mean-iou': '平均 IoU（验证）' },
      axes: { loss: '损失', iou: '平均 IoU' },
    },
    'arm-phases': {
      title: '各阶段的每步耗时',
      x: '步',
      empty: '运行本课后，每一步的耗时会出现在这里',
      series: { 'compute-ms': '计算', 'upload-ms': '上传', 'data-wait-ms': '等待数据' },
      axes: { ms: '每步毫秒' },
    },
    'arm-bytes': {
      title: '每步传到 GPU 的字节',
      x: '步',
      empty: '运行本课后，每一步的字节数会出现在这里',
      series: { 'uploaded-mask-bytes': '掩码', 'uploaded-image-bytes': '图像' },
      axes: { bytes: '每步字节' },
    },
    'compare-loss': {
      title: '每步损失',
      x: '步',
      empty: '运行对比后即可看到 A 和 B',
      series: { a: 'A', b: 'B' },
      axes: { loss: '损失' },
    },
    'compare-step-ms': {
      title: '每步耗时',
      x: '步',
      empty: '运行对比后即可看到 A 和 B',
      series: { a: 'A', b: 'B' },
      axes: { ms: '每步耗时（ms）' },
    },
    'device-memory': {
      title: '每个设备在本步峰值时的显存',
      x: '策略',
      empty: '运行一种策略后，各设备的显存会出现在这里',
      series: {},
      axes: { bytes: '显存' },
    },
  },
  deviceN: '设备 {n}',
  runStart: {
    on: '开',
    off: '关',
    listSeparator: '，',
    fullSeparator: '；',
    newModel: '新模型',
    newModelWith: '新模型：{changes}',
    resumed: '继续训练',
    newModelDetail: '新模型（权重由随机种子生成）',
    continues: '从第 {step} 步继续训练已有模型',
    detail: '{what}：{changes}',
    noChange: '没有改动任何设置',
  },
  png: '{title}（PNG）',
} satisfies Dictionary['charts'];
