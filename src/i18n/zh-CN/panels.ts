/** 简体中文：实验场的各个面板——数据路径、数据加载工作程序、导出、链接与预设。 */
import type { Dictionary } from '../types';

export const panels = {
  dataPath: {
    title: '数据路径：什么被传到了 GPU',
    help: '一个 float32 像素占 4 字节，uint8 像素只占 1 字节。让图像在主机上和总线上都保持 uint8，由模型第一层在 GPU 上完成类型转换和标准化：传输的批就缩小到 1/4。TensorFlow.js 没有 uint8 张量——{code} 会悄悄变成 int32，每个值 4 字节——所以 BatchLab 自己上传打包的字节，再用 WGSL 着色器解包。这里只有 WebGPU 能做到；在{others}上，每条路径都会被扩宽为 4 字节。',
    otherBackends: '其他后端',
    caption: '批大小 {batch} × {size}×{size}×{channels}，{mask} 掩码，后端 {backend}',
    columns: {
      mode: '方式',
      host: '主机上的批',
      toGpu: '每步传到 GPU',
      gpuInput: 'GPU 输入张量',
      vsFloat32: '相对 float32',
    },
    current: '（当前）',
    modes: {
      'f32-loader': 'float32，在数据加载器中标准化',
      'f32-model': 'float32，在模型中标准化',
      'f16-loader': 'float16，在数据加载器中标准化',
      'f16-model': 'float16，在模型中标准化',
      'u8-packed': 'uint8 打包，在模型中标准化',
      'u8-tftensor': 'uint8 经 tf.tensor（扩宽为 int32）',
    },
    measuredLast: '上一步实测：{value}',
    measuredValue: '传到 GPU {bytes}（公式：{formula}）',
    startToMeasure: '开始训练即可测量',
    lessonMeasured: '第 1 课的实测（批大小 {batch} × {size}×{size}×{channels}），每步传到 GPU 的字节：',
    lessonArm: '{arm}：{bytes}',
    lessonFormula: '（公式：{bytes}）',
    showArticle: '显示原文的例子（32×512×512×3）',
    hideArticle: '隐藏原文的例子',
    article:
      'PyTorch，32 张带类别掩码的 512×512 RGB 图像：float32 图像 + int64 掩码 = {float}；uint8 图像 + uint8 掩码 = {uint8}（少 {ratio}）。',
    articleCaption: '同样的批在这个浏览器里（{backend}），uint8 掩码',
    articleHelp:
      '这些是计算出来的，不是实际运行：32×512×512 的批远远超出软件 GPU 在合理时间内能训练的规模，也可能放不进小显存的 GPU。',
    stats: {
      label: '均值 / 标准差',
      dataset: '在本数据集上测得',
      article: '原文的（0.221·255 / 0.242·255）',
      help: '均值 {mean} · 标准差 {std}（0–255 刻度）。标准化层把它们作为常量张量保存在 GPU 上。',
    },
    verify: {
      button: '验证每条路径输入的数值都相同',
      checking: '正在检查…',
      caption: '第 0 批经过每条路径（{backend}），与 CPU 参考结果对比；未捕获的 GPU 错误：{errors}',
      path: '路径',
      maxError: '最大 |误差|',
      tolerance: '容差',
      firstLoss: '第一个损失',
      imageBytes: '传到 GPU 的图像字节',
    },
  },
  loader: {
    title: 'DataLoader 的工作程序',
    batchOnHost: '主机上的一个批',
    mostHeld: '最多占用：工作程序数 × 预取数 × 每批字节',
    noWorkers: '无：0 个工作程序时，每个批在训练步需要时才构建',
    measured: '最近一步实测的在途字节',
    waiting: '最近一步 GPU 等待数据的时间',
    building: '构建它的批（单核）',
    bytes: '{exact}（{short}）',
    held: '{bytes} = {batches}',
    batches: { one: '{n} 个批', other: '{n} 个批' },
    waitOfStep: '{wait}，整步 {step}（{percent} %）',
    buildKeepUp: '{build}；上传 + 计算用了 {train}，所以 {workers}就能跟上',
    workersOwnCores: { one: '{n} 个独占一个核心的工作程序', other: '{n} 个各占一个核心的工作程序' },
    coresNote:
      '。这个浏览器报告有 {cores} 个核心，而软件 GPU 也在这些核心上计算：工作程序多于核心数时，会挤占训练本身的时间。',
    showArticle: '显示原文的例子',
    hideArticle: '隐藏原文的例子',
    article: '原文的批：32 张 512×512 px、带逐像素类别掩码的 RGB 图像，由 {workers}保存，预取数 {prefetch}：',
    workers: { one: '{n} 个工作程序', other: '{n} 个工作程序' },
    articleFloat: 'float32 图像 + int64 掩码：{workers} × {prefetch} × {batch} = {held}',
    articleUint8: 'uint8 图像 + uint8 掩码：{workers} × {prefetch} × {batch} = {held}，少 {ratio}×',
  },
  export: {
    title: '导出本次运行',
    help: 'JSON 包含设置和每一步的数据；CSV 每步一行。',
    savedData: '已保存 {name}（{count} 步）。',
    saved: '已保存 {name}。',
    failed: '导出失败：{error}',
    pytorch: {
      title: 'PyTorch 项目',
      strategy: '策略',
      processes: 'GPU 或进程数',
      button: '导出 → PyTorch',
      help: '一个 zip，内含 train.py、初始权重和最初的几个批：运行 python3 train.py，或 torchrun --nproc-per-node=N train.py。',
      strategies: {
        single: '单个设备',
        'dp-gather': 'DataParallel，输出收集到设备 0',
        'dp-loss-in-forward': 'DataParallel，在前向传播中计算损失',
        ddp: 'DistributedDataParallel（torchrun）',
      },
      refusals: {
        tfTensorTrap:
          '“uint8 经 tf.tensor”上传是 TensorFlow.js 的陷阱（tfjs 把 Uint8Array 扩宽为 int32，每个值 4 B）；PyTorch 传输 uint8 张量每个值只要 1 B，所以脚本显示的字节只有本次运行的四分之一。请改用打包上传再导出。',
        filesStayHere:
          '导出的数据文件只含 BatchLab 按种子生成的合成形状；来自文件的图像（你自己的，或本页绘制的照片）只留在这个浏览器里，不会写进项目。请选择合成形状再导出。',
        unknownStrategy: '未知的策略',
        processesRange: 'GPU 或进程数须在 {min} 到 {max} 之间',
        singleProcess: '单个设备只能用一个进程',
        uneven: '批大小 {batch} 无法均分成 {processes} 份',
        batchesRange: '批数须在 {min} 到 {max} 之间',
        dataFileTooBig:
          '{batches} 个原始样本批共 {bytes} B，超过数据文件 {limit} B 的上限（{fit} 个批可以放下）',
        dataFileTooBigNoFit:
          '{batches} 个原始样本批共 {bytes} B，超过数据文件 {limit} B 的上限；请减小批大小或图像尺寸',
      },
      refused: '未导出：PyTorch 无法精确复现这个实验。',
      building: '正在构建 PyTorch 项目（初始权重、批、zip）…',
      saved: '已保存 {name}（{bytes} B）。解压后运行 python3 train.py。',
      failed: '导出失败：{error}',
    },
  },
  links: {
    title: '链接与预设',
    presets: '预设',
    presetsHelp: '每个预设都是一个链接：A 是实验本身，B 是它要讲的对比（在“对比 A 和 B”中运行）。',
    stopToSwitch: '停止运行后才能切换预设。',
    currentPreset: '（当前）',
    copy: '复制链接',
    copied: '已复制 ✓',
    copyEmbed: '复制嵌入代码',
    embedTitle: 'BatchLab：{title}',
    copiedEmbedStatus: '嵌入代码已复制：一个 {width} × {height} 像素的 <iframe>，可粘贴到网页中。',
    fallbackEmbed: '这里无法使用剪贴板，请从这个输入框复制嵌入代码：',
    runOnOpen: '打开链接即开始训练',
    copiedStatus: '链接已复制。打开它会得到完全相同的实验。',
    copiedStatusRun: '链接已复制。打开它会得到完全相同的实验，并在设备容量允许时开始训练。',
    fallback: '这里无法使用剪贴板，请从这个输入框复制链接：',
  },
  presets: {
    article: {
      title: '原文：uint8 + GPU 上标准化 对比 float32 + 数据加载器中标准化',
      lesson:
        '图像和掩码保持 uint8、在 GPU 上由模型标准化，每个批比“float32 图像在数据加载器中标准化、int32 掩码”小到四分之一。',
    },
    'int32-trap': {
      title: 'int32 陷阱：tf.tensor(Uint8Array) 对比 打包字节',
      lesson:
        'tf.tensor(Uint8Array) 会悄悄把 uint8 图像扩宽为 int32，所以朴素的上传方式传输的字节是打包路径的四倍。',
    },
    'starving-gpu': {
      title: '挨饿的 GPU：昂贵的批，没有工作程序',
      lesson:
        '没有工作程序时，大尺寸源图（512 px，经模糊、裁剪、缩放到 16 px）让一个很小的模型的每个批都要等 GPU；两个工作程序会在训练的同时并行构建批。',
    },
    'software-gpu': {
      title: '软件 GPU：最小的 U-Net',
      lesson:
        '批大小 2、16 px，经过两层、宽 4 个滤波器的 U-Net，即使在软件 GPU 上也能训练；这里与普通的 CPU 后端对比。',
    },
    float16: {
      title: 'float16 存储：在模型中 对比 在数据加载器中标准化',
      lesson:
        'float16 存储的字节是 float32 的一半，还能精确表示原始的 0–255 像素，所以在模型中还是在数据加载器中标准化，传输的字节都一样。',
    },
    'onehot-masks': {
      title: '独热 float32 掩码 对比 uint8 类别索引',
      lesson:
        '独热 float32 掩码每个像素每个类别占 4 字节，而 uint8 类别索引每个像素只占 1 字节，在 GPU 上再展开。',
    },
  },
} satisfies Dictionary['panels'];
