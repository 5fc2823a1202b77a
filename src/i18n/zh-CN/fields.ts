/** 简体中文：每项设置的表单标签、行文中的简称与说明；表单分组。 */
import type { Dictionary } from '../types';

export const fields = {
  title: '实验设置',
  lessonTitle: '课程设置',
  groups: { data: '数据路径', training: '训练', model: '模型', loader: '数据加载' },
  settings: {
    seed: { label: '随机种子', short: '随机种子', help: '固定数据和初始权重：相同的种子复现相同的运行。' },
    imageSizePx: {
      label: '图像尺寸（px）',
      short: '图像尺寸',
      help: '正方形图像的边长。显存和耗时随它的平方增长。',
    },
    channels: { label: '通道数', short: '通道数', help: '1 = 灰度，3 = RGB。' },
    numClasses: { label: '类别数', short: '类别数', help: '背景加上模型要区分的形状类别。' },
    batchSize: {
      label: '批大小',
      short: '批大小',
      help: '每步的图像数。批越大，GPU 利用越充分，直到显存用尽。',
    },
    microBatches: {
      label: '微批次数',
      short: '微批次数',
      help: '把批次分成这么多等份依次运行，累加它们的梯度后只做一次优化器更新（梯度累积）：梯度相同，激活只占一份的显存，耗时更长。必须能整除批大小。',
    },
    recompute: {
      label: '激活重计算',
      short: '重计算',
      help: '“按块”：每个 U-Net 块只保留输入和输出，反向传播时再运行一次该块的前向（梯度检查点）：激活更少，代价约为多一次前向。梯度相同。',
    },
    depth: { label: 'U-Net 深度', short: 'U-Net 深度', help: '下采样与上采样的层级数。' },
    baseWidth: { label: '基础宽度', short: '基础宽度', help: '第一层级的通道数；每深一级翻一倍。' },
    optimizer: {
      label: '优化器',
      short: '优化器',
      help: 'Adam 为每个权重多保存两个张量（占更多显存）；SGD 不保存。',
    },
    learningRate: { label: '学习率', short: '学习率', help: '优化器的步长。' },
    imageDtype: {
      label: '图像存储类型',
      short: '图像存储类型',
      help: '数据加载器如何存储像素。uint8 每个值 1 字节，float16 2 字节，float32 4 字节：传到 GPU 的批随之变小。',
    },
    normalizeOn: {
      label: '标准化位置',
      short: '标准化位置',
      help: '“在数据加载器中”：在 CPU 上计算 (x − 均值) / 标准差，因此值必须是浮点数。“在模型中”：由模型第一层在 GPU 上完成，原始字节即可直接传输。',
    },
    uploadPath: {
      label: 'uint8 上传方式',
      short: 'uint8 上传方式',
      help: '“打包字节”：字节按字节传输，由 WGSL 着色器解包。“tf.tensor”：TensorFlow.js 会悄悄把它扩宽为 int32——每个值 4 字节。',
    },
    maskDtype: {
      label: '掩码类型',
      short: '掩码类型',
      help: '逐像素的类别标签：uint8（1 B）、int32（4 B），或在 CPU 上构建的 float32 独热编码（4 B × 类别数）。',
    },
    mean255: { label: '均值（0–255）', short: '均值', help: '标准化层按通道减去的均值。' },
    std255: { label: '标准差（0–255）', short: '标准差', help: '标准化层按通道除以的标准差。' },
    workers: {
      label: 'DataLoader 工作程序数',
      short: '工作程序数',
      help: '为 0 时，训练工作程序在每一步需要时才构建批，GPU 只能等待（相当于 PyTorch 的 num_workers=0）。工作程序越多，并行构建的批越多，每个工作程序在内存中最多预取“预取数”个完整的批。下次“开始”时生效。',
    },
    prefetch: {
      label: '每个工作程序的预取批数',
      short: '预取数',
      help: '每个加载工作程序提前构建的批数。占用的主机内存 ≤（工作程序数 × 预取数 + 1）× 每批字节数。下次“开始”时生效。',
    },
    blurRadiusPx: {
      label: '模糊半径（px）',
      short: '模糊半径',
      help: '对源图做方框模糊，故意做得很耗时：开销随半径和源图尺寸增长。调大它，GPU 就会等数据。',
    },
    sourceScale: {
      label: '源图倍数（×）',
      short: '源图倍数',
      help: '样本先按图像尺寸的这么多倍渲染（就像按原始分辨率解码的照片），再裁剪并缩放到图像尺寸。数据加载器的工作量随它的平方增长；源图边长最多 {maxPx} px。',
    },
    augment: {
      label: '数据增强',
      short: '数据增强',
      help: '随机翻转、裁剪、亮度和噪声，由数据加载器在 CPU 上完成。',
    },
    storageLatencyMsPerSample: {
      label: '每个样本的存储延迟（毫秒，模拟）',
      short: '存储延迟',
      help: '模拟值：加载器读取每个样本时等待这么久，就像从慢速磁盘或网络读取一样。这是计时器等待，不占用 CPU：加载器工作线程可以让这些等待重叠。0 表示样本已在内存中。',
    },
    dataSource: {
      label: '数据集',
      short: '数据集',
      help: '合成的形状、你自己的图像 + 掩码文件（它们留在这个浏览器里），或 BatchLab 在启动时绘制并编码为 JPEG 的照片。',
    },
    maxSteps: { label: '步数', short: '步数', help: '训练到这么多步后停止。' },
    validateEverySteps: {
      label: '验证间隔（步）',
      short: '验证间隔',
      help: '每隔这么多步，在一个固定的验证批上计算像素准确率和平均 IoU。',
    },
    backend: {
      label: '后端',
      short: '后端',
      help: '“自动”依次尝试 WebGPU、WebGL、CPU。重新加载后生效。',
    },
  },
  options: {
    optimizer: { adam: 'Adam', sgd: 'SGD' },
    normalizeOn: { loader: '在数据加载器中', model: '在模型中' },
    uploadPath: { packed: '打包字节', 'tf-tensor': 'tf.tensor（扩宽为 int32）' },
    maskDtype: { 'float32-onehot': 'float32 独热编码' },
    backend: { auto: '自动', webgpu: 'WebGPU', webgl: 'WebGL', cpu: 'CPU' },
    recompute: { off: '关闭', block: '按块' },
  },
} satisfies Dictionary['fields'];
