/** 简体中文：页面框架——页眉、语言切换、视图标签、后端信息、运行控制、指标。 */
import type { Dictionary } from '../types';

export const app = {
  documentTitle: 'BatchLab——张量大小如何影响训练',
  tagline: '看看张量大小如何影响训练——就在你的浏览器里实测。',
  langSwitchLabel: '语言',
  langNames: { en: 'English', 'zh-CN': '简体中文' },
  navLabel: '课程与实验场',
  playground: '实验场',
  backend: {
    looking: '正在寻找 GPU…',
    line: '后端 {backend}，适配器 {adapter}',
    software: '这是软件模拟的 GPU（没有硬件加速）：每一步比真实 GPU 慢 100–1000 倍，所以默认尺寸都很小。',
    fallback:
      '这里没有 WebGPU，BatchLab 改用 {backend} 训练。原因：{reasons}。打包的 uint8/float16 上传需要 WebGPU；在 {backend} 上它们会被扩宽为每个值 4 字节，字节数也会如实反映。',
    otherChosen: '选择了其他后端',
  },
  run: {
    label: '运行',
    start: '开始',
    stop: '停止',
    reset: '重置',
    reload: '重新加载',
    progress: '第 {step} 步 · 损失 {loss} · {samplesPerSec} 样本/秒',
    finished: '已完成 {n} 步。',
    autoStartRefused:
      '这个链接要求打开即开始训练（run=1），但预检显示它的设置超出了本设备的容量，所以没有开始。',
    blocked: '“开始”已停用：预检显示这组设置超出了本设备的容量。',
    status: {
      booting: '正在启动训练后端…',
      idle: '就绪。',
      running: '训练中…',
      stopped: '已停止。',
      failed: '运行因错误而停止。',
      'device-lost': 'GPU 设备已丢失。',
    },
  },
  metrics: {
    title: '训练',
    step: '步数',
    stepWithModel: '{page}（模型：{model}）',
    loss: '损失',
    accuracy: '像素准确率',
    iou: '平均 IoU',
    stepTime: '每步耗时',
    samplesPerSec: '样本/秒',
    bytesToGpu: '每步传到 GPU 的字节',
    gpuInUse: '已用显存',
    gpuPeak: '本步显存峰值',
    gpuPool: '显存池（已分配）',
    liveTensors: '存活张量',
    naOnCpu: 'cpu 上不适用',
    noGpuOnCpu: 'cpu 上没有 GPU',
    notMeasured: '此处无法测量',
    memoryHelp:
      '已用：两步之间占用的显存字节。峰值：上一步内部（前向、反向、优化器）任一时刻占用的最大值。显存池：TensorFlow.js 分配器为复用而保留的显存，包括已释放的缓冲区。',
  },
  preview: {
    title: '固定验证样本上的预测',
    after: '第 {step} 步之后。各列：输入、真实标注、预测。',
    legend: '类别颜色',
    kinds: { image: '输入', truth: '真实标注', prediction: '预测' },
    canvasLabel: '{kind} {n}',
    classes: ['背景', '圆盘', '方块', '三角形', '圆环', '条纹'],
    classN: '类别 {k}',
    empty: '开始训练后即可看到预测。',
  },
  charts: {
    title: '实时图表',
    help: '横轴是本页的步数，跨多次运行累计。每次（第一次之后的）“开始”都用虚线标出，并注明改了什么；把鼠标移近即可看到全文。',
    off: '本页的实时图表已关闭（地址中有 charts=off）。',
  },
} satisfies Dictionary['app'];
