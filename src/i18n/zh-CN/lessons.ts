/**
 * 简体中文：取自《高性能PyTorch是如何炼成的？过来人吐血整理的10条避坑指南》的几节课、第 5 课（批放不下时）
 * 及课程视图的文字。
 * 写给课堂，不逐字翻译；术语见 ../GLOSSARY.md。
 */
import type { Dictionary } from '../types';

export const lessons = {
  bytes: {
    title: '传到 GPU 的字节',
    question: '图像和掩码保持 uint8、由模型自己做标准化时，每个训练步要向 GPU 传多少字节？',
    runLabel: '测量三种数据路径',
    arms: {
      uint8: 'uint8，在模型中标准化',
      float32: 'float32，在数据加载器中标准化',
      'int32-trap': 'uint8 经 tf.tensor 上传（int32 陷阱）',
    },
    why: [
      'PyTorch 的做法：数据加载器交出 uint8 的图像和掩码，模型里的标准化模块在 GPU 上完成类型转换和标准化。',
      '一个 float32 的 RGB 像素占 12 B，uint8 只占 3 B；掩码的一个像素用 int64 占 8 B，用 uint8 只占 1 B。',
      'TensorFlow.js 没有 uint8 张量：tf.tensor(Uint8Array) 会悄悄变成 int32，每个值 4 B——这就是陷阱。',
      'BatchLab 自己上传打包好的字节，再用 WGSL 着色器解包，所以 uint8 真的只以 1 B 传输。',
      '每批字节越少，每个预取的批占用的主机内存也越少（见第 2 课）。',
    ],
    article: {
      figure: '每批字节少 {factor}',
      detail:
        '{float} → {uint8}：32 张 512 × 512 px 的 RGB 图像连同掩码，float32 + int64 对比 uint8 + uint8。',
    },
    result: {
      measuredLabel: '本机实测（每步）',
      fewerBytes: '字节少 {factor}',
      measuredDetail: 'uint8 + uint8 掩码：{uint8} · float32 + int32 掩码：{float}',
      articleLabel: '原文（每批）',
      articleDetail: '{uint8} 对比 {float}',
      gapTitle: '为什么是 {here} 而不是 {article}：',
      gap: 'TensorFlow.js 没有 int64，所以这里浮点批的掩码是 int32：每像素 {here} B，而原文用 int64 掩码是 {article} B。',
      images: '仅看图像：字节少 {factor}——{uint8} 对比 {float}，每个值 1 B 而不是 4 B。',
      trap: 'int32 陷阱：tf.tensor(Uint8Array) 传输的图像字节是打包 uint8 路径的 {factor}。',
      stepTime: '实测每步耗时（计时步的平均值）：uint8 {uint8}，float32 {float}。',
      stepVerdict: 'uint8 对比 float32：{figure}，{verdict}（{interval}）。',
      stepNoSpread: '计时的块太少，无法判断速度差异。',
      faster: '字节变少，这里的每一步也更快了。',
      notFaster:
        '这里没有变快：在软件适配器上，“GPU”就是 CPU，上传只是一次内存拷贝，解包还要额外占用 CPU。在真实 GPU 上，省下的正是那部分传输。',
    },
    kernels: {
      caption:
        '剖析（串行）：一个剖析步的核函数耗时，每个核函数单独计时，因此不是上面实测的每步耗时。标准化层处理输入的时间与该步全部核函数对比。打包路径的解包是 BatchLab 自己的 WGSL 程序，和 TensorFlow.js 的核函数一样计时。',
      inputKernels: '输入核函数',
      input: '输入（剖析，串行）',
      step: '全部核函数（剖析，串行）',
      none: '无',
      ownKernel: '{name}（BatchLab 自己的 WGSL 程序）',
    },
    tableCaption: '每步传到 GPU 的字节：实测值与字节计算器的预期',
  },
  loaders: {
    title: 'DataLoader 的工作程序',
    question:
      '只用一个线程加载每个批时，GPU 会不会等数据？无论加载器是在等存储还是在占用 CPU，两个工作程序能不能喂饱它？',
    runLabel: '对比 0 个和 2 个工作程序：存储受限与 CPU 受限',
    arms: {
      'storage-w0': '存储受限，0 个工作程序',
      'storage-w2': '存储受限，2 个工作程序',
      w0: 'CPU 受限，0 个工作程序',
      w2: 'CPU 受限，2 个工作程序',
    },
    why: [
      '存储受限：每个样本都要等待一段模拟的存储延迟（用计时器代替慢速磁盘或网络，不占用 CPU），而构建一个 16 px 的批几乎不花时间。',
      '0 个工作程序时，训练线程在每一步需要时才加载批：GPU 只能等存储。两个工作程序提前、同时等待，它们的等待与 GPU 的计算重叠。',
      'CPU 受限：这里的每个批都故意做得很贵：512 px 的源图，经过模糊、裁剪再缩放到 16 px，就像解码照片一样。工作程序并行地提前构建批；每个最多在内存中保存“预取数”个完整的批。',
      '计时从初始预取的批用完之后才开始，一直持续到吞吐量稳定。',
      '工作程序和软件 GPU 共用同一批 CPU 核心：在 CPU 受限的情况下，核心少的机器上工作程序会占用训练所需的核心，每步计算时间上升，甚至可能让训练变慢。',
    ],
    article: {
      figure: '“自己测一测”',
      detail:
        '合适的工作程序数量取决于你的 CPU、磁盘读写和 GPU。原文的例子：{workers} 个工作程序 × {prefetch} 个预取的批，float32 批会占用 {float} 内存（换成 uint8 只要 {uint8}）。',
    },
    result: {
      storageTitle: '实测，存储受限（每样本 {latency}，模拟）：等待数据',
      cpuTitle: '实测，CPU 受限（批构建很贵，样本在内存中）：等待数据',
      figure: '每步的 {before} → {after}',
      speedup: '0 个 → 2 个工作程序：每秒样本数变为 {factor}。',
      articleLabel: '原文',
      articleFigure: '自己测一测',
      articleDetail: '工作程序太少会让 GPU 挨饿；太多则会耗尽内存或 CPU。',
      twoWorkers: '2 个工作程序：',
      gapTitle: '共用核心：',
      explain: {
        faster:
          '数据加载的工作程序和这个软件 GPU 共用同样的 {cores}：工作程序构建批的同时，每步计算时间从 {before} 变成了 {after}。',
        slower:
          '数据加载的工作程序占用了这个软件 GPU 用来计算的 CPU 核心（{cores}）：每步计算时间从 {before} 变成了 {after}，超过了它们省下的等待数据时间。',
        'no-difference':
          '工作程序省下的等待时间，大约等于它们与这个软件 GPU 共用同样的 {cores} 所多花的计算时间（每步计算 {before} → {after}）。',
      },
      gap: '此浏览器报告有 {cores}；数据加载的工作程序和这个软件 GPU 共用它们：工作程序构建批的同时，每步计算时间从 0 个工作程序时的 {before} 变成了 2 个工作程序时的 {after}。',
      cores: { one: '{n} 个 CPU 核心', other: '{n} 个 CPU 核心' },
      coresUnknown: '数量未知的 CPU 核心',
      timing:
        '2 个工作程序时，计时从第 {first} 步开始，此前第一步预取的 {prefetched} 个批已经用完；共计时 {timed} 步。',
    },
    tableCaption:
      '存储受限与 CPU 受限，各用 0 个和 2 个工作程序；每一对以成对轮次计时，两个工作程序轮流训练计时块',
  },
  gpus: {
    title: '多块 GPU',
    question: '为什么 DataParallel 的第一块 GPU 最先爆显存？在前向传播中计算损失和 DDP 又是怎么解决的？',
    runLabel: '在 2 个设备上运行三种策略',
    arms: {},
    why: [
      'nn.DataParallel 把每个副本的输出都收集到设备 0，由它计算损失并执行优化器的一步。',
      '分割任务的输出是 B×H×W×类别数 个浮点数：设备 0 保存整个批的输出，其他设备只保存自己那一份。',
      '在前向传播里计算损失，每个副本只返回一个数，而不是它的输出。',
      'DistributedDataParallel 没有主设备：每个设备通过 all-reduce 对梯度求平均，占用的字节相同。',
      '这里的每个“设备”都是一个拥有自己 WebGPU 设备的浏览器工作程序；在软件适配器上它们共用 CPU，所以请比较显存和字节，而不是时间。',
    ],
    article: {
      figure: 'GPU 0 保存的输出是其他 GPU 的 {ratio}',
      detail:
        '{gpus} 块 GPU，一个批 {batch} 个样本：nn.DataParallel 把全部 {batch} 个样本的输出收集到 GPU 0，其他每块 GPU 只保存自己的 {shard} 个。',
    },
    result: {
      measuredLabel: '本机实测：设备 0 ÷ 设备 1 的显存',
      detail: 'DataParallel {gather} · 前向传播中算损失 {lossInForward} · DDP {ddp}',
      articleLabel: '原文',
      articleFigure: 'GPU 0 上的输出是 {ratio}',
      articleDetail: '{gpus} 块 GPU；DDP：“每块 GPU 都是 100% 负载”。',
      reconcile:
        '原文数的是输出：在 {gpus} 块 GPU 上，GPU 0 保存的输出是其他 GPU 的 {article}。这里有 {devices} 个设备：在 DataParallel 下，设备 0 保存的输出是设备 1 的 {outputs}，显存是它的 {memory}，因为输出只是设备显存的一部分。',
      gapTitle: '为什么数字不同：',
      gap: '这里 {devices} 个设备训练一个 {batch} 个样本、{size} × {size} px 的批，所以设备 0 收集 {devices}× 的输出，还独自保存优化器状态和求和后的梯度。所有“设备”共用本机的 CPU，所以请比较显存和字节，而不是时间。',
    },
    shortStrategies: { 'dp-gather': 'DataParallel', 'dp-loss-in-forward': '前向传播中算损失', ddp: 'DDP' },
    tableCaption: '各设备在每步峰值时的显存（每种策略的最后一步）',
    strategy: '策略',
    device: '设备 {n}',
  },
  fit: {
    title: '批放不下时',
    question: '这个批放不进这块 GPU：微批次或重计算能让它放下吗？梯度是否不变？代价是什么？',
    runLabel: '在一块更小的 GPU 上用四种方式训练这个批',
    arms: {
      'at-once': '整批一次算',
      micro: '4 个微批次',
      recompute: '按块重计算',
      both: '两者结合',
    },
    why: [
      '梯度累积：把批分成 K 个微批次依次运行，每个用损失 ÷ K 求梯度，把梯度相加后只执行一次优化器更新。同一时刻只有一个微批次的激活留在显存里。',
      '各部分梯度之和就是整个批的梯度，所以这一步只差浮点舍入；若有批归一化层则不同（它只看到一部分），而这个 U-Net 没有。',
      '重计算（激活检查点，即 PyTorch 的 checkpoint）：每个块只保留输入和输出，反向传播时把这个块的前向再算一遍。陈天奇等（2016）每隔 √N 层设一个检查点：N 层只需保留约 2√N 个输出，代价约为多一次前向传播。',
      '两者都不能减少激活以外的部分：权重、梯度（使用微批次时有两份：每部分的和累加的）、优化器状态、批本身以及损失的张量。',
      '这块“更小的 GPU”只是预检使用的显存预算：每一项仍在本浏览器真实的 GPU 上运行，并在那里测量峰值。',
    ],
    article: {
      figure: '激活 ÷ {k}，或多一次前向传播、只留 {share}',
      detail:
        '这里整批一次算的激活共 {all}，每个微批次 {perPart}。陈天奇等（2016）《以亚线性显存代价训练深度网络》：N = {layers} 层时每隔 √N 层设一个检查点，保留 2√N ÷ N = {share}。',
      budget: '假想一块只有 {budget} 的 GPU：{batch} 个样本整批一次算，算上 tfjs 的复用池需要 {pooled}。',
    },
    result: {
      measuredLabel: '本机实测',
      headline: '{k} 个微批次：峰值是整批一次算估算值的 {ratio}',
      peakDetail: '实测 {peak}，估算 {estimate}。',
      recompute: '微批次相同时，重计算后的激活是不重计算时的 {ratio}（两者均为实测）。',
      same: '与整批一次算的梯度相同（在 CPU 上做一步 SGD）：更新量最多相差最大更新量的 {relative}，低于 {tolerance}。',
      differs:
        '梯度不同（在 CPU 上做一步 SGD）：更新量最多相差最大更新量的 {relative}，超出 {tolerance}（权重相差 {diff}）。',
      checking: '正在 CPU 上与整批一次算比较一步…',
      notCompared: '没有与整批一次算比较：检查之前运行已经结束。',
      referenceFigure: '激活 ÷ {k}',
      referenceDetail: '重计算：保留约 {share}，代价是多一次前向传播（陈天奇等，2016）。',
      refused:
        '只有 {budget} 的 GPU 拒绝了 {batch} 个样本整批一次算：估算值 {estimate} × {headroom}（tfjs 的复用池）= {pooled}。它从未在 GPU 上训练。',
      underBudget: '其余各项：使用中最多 {peak}，× {headroom} = {pooled}，没有超出。',
      overBudget: '其余各项中有一项：使用中 {peak}，× {headroom} = {pooled}，超出了预算：它的估算偏低。',
      gapTitle: '为什么不正好是 ÷ {k}：',
      gap: '微批次分摊的是激活、激活的梯度和批本身（占估算值的 {divided}），分摊不了权重、权重的梯度和 Adam 的两个矩；分配器还持有正在使用的缓冲区。陈天奇等的 2√N 针对 N 个相同层串成的链；这里每个块仍保留输入和输出。',
    },
    table: {
      label: '每一项的实测值',
      caption:
        '每一项的实测值。峰值：各步显存峰值的最高值 ÷ 整批一次算的估算值。激活：剖析步中的最高值，括号内为参考值。每步耗时：少数几个计时步的平均值 ÷“{baseline}”的耗时（整批一次算从未在 GPU 上运行）；在软件 GPU 上只是粗略的数字，没有区间。权重：学习率为 1 的一步 SGD，从相同的初始权重、在同一个批上，用 CPU 计算，与整批一次算比较；“相同”指差异不超过最大更新量的 {tolerance}。',
      run: '运行',
      peak: '峰值（÷ 整批估算）',
      activations: '激活（参考值）',
      step: '每步耗时（÷ {baseline}）',
      weights: '一步后的权重',
      refusedCell: '被拒绝；估算 {bytes}',
      ratioCell: '{value}（{ratio}）',
      baselineCell: '{value}（基准）',
      activationsCell: '{measured}（{reference}）',
      refusedActivations: '估算 {bytes}',
      referenceMicro: '÷ {k}：{bytes}',
      referenceRecompute: '× {share}：{bytes}',
      referenceBoth: '÷ {k} × {share}：{bytes}',
      reference: '参照项',
      same: '梯度相同（最大 |Δ| {diff}）',
      differs: '不同：最大 |Δ| {diff}，为最大更新量的 {relative}',
      checking: '比较中…',
    },
  },
  view: {
    eyebrow: '第 {n} 课 · {title}',
    articleLabel: '原文',
    referenceLabel: '参考值',
    resultLabel: '结果',
    why: '为什么？',
    plan: {
      label: '这次运行要训练什么',
      expected: '：预计每步向 GPU 传 {bytes}',
      refused: '：在更小的 GPU 上被预检拒绝，不训练',
      strategy: '{strategy}，{devices} 个设备，{steps} 步',
      armsHelp: '每批形状 {shape}。每一项在新的工作程序和 GPU 设备上训练；任何两项都不会同时训练。',
      strategiesHelp: '每批形状 {shape}，均分成若干份；每个设备都是一个拥有自己 WebGPU 设备的工作程序。',
    },
    progress: {
      notRun: '尚未运行。',
      done: '完成，结果见下方。',
      failed: '失败：{message}',
      strategy: '正在 2 个设备上训练 {strategy}（第 {n} 个，共 3 个）…',
      starting: '正在启动…',
      compiling: '正在独立工作程序中训练“{arm}”（第 {n} 个，共 {total} 个）：编译 GPU 管线…',
      step: '正在训练“{arm}”（第 {n} 个，共 {total} 个）：第 {step} 步，{timing}…',
      timed: { one: '从第 {first} 步起已计时 {count} 步', other: '从第 {first} 步起已计时 {count} 步' },
      timingStarts: '从第 {first} 步开始计时',
      paired: '成对轮次，与其配对的配置轮流计时：已完成 {rounds} 轮',
      gradients: '正在 CPU 上把每一项的一步与整批一次算比较…',
    },
    stop: '停止',
    theLesson: '本课',
    pytorch: {
      button: '导出到 PyTorch',
      help: '生成可运行的 train.py（{what}），附带 BatchLab 的初始权重和最初的几个批。',
      ddp: '{n} 个进程上的 DistributedDataParallel（torchrun）',
      single: '“{arm}”，单进程',
      fit: '“{arm}”：梯度累积循环加 PyTorch 的 checkpoint',
    },
    table: {
      run: '运行',
      images: '图像/步',
      masks: '掩码/步',
      expected: '预期',
      expectedTitle: '字节计算器对这组设置给出的数值',
      stepMeasured: '实测每步耗时',
      stepMeasuredTitle: '计时步的平均值：结果卡片引用的就是这个每步耗时',
      waiting: '等待数据',
      compute: '计算',
      samplesPerSec: '样本/秒',
      timed: '计时',
      timedTitle: '计时的步数；从第 {first} 步开始计时',
      timedCell: '{count} 步，从第 {first} 步起',
      running: '（运行中）',
    },
  },
} satisfies Dictionary['lessons'];
