/** 简体中文：用你自己的图像——文件中发现的问题与“数据集”面板。 */
import type { Dictionary } from '../types';

export const ownImages = {
  problems: {
    notImage: '不是 JPEG、PNG 或 WebP 图像：已忽略',
    maskNotPng: '掩码必须是 PNG（有损格式会凭空产生类别值）：已忽略',
    unreadable: '无法读取：{reason}',
    corrupt: '不是有效的图像（文件头已损坏）：请删除或修复',
    truncated: '文件被截断（图像还没结束文件就结束了）：请删除或修复',
    imageWithoutMask: '图像没有对应的掩码（应有名为 masks/{stem}.png 或 {stem}_mask.png 这样的掩码）：已忽略',
    maskWithoutImage: '掩码没有同名的图像：已忽略',
    duplicate: '与 {other} 同名：只使用第一个',
    tooLarge: '{width}×{height} px（{mp} MP）超过了 {maxMp} MP 的上限：请先缩小',
    sizeMismatch: '掩码是 {mask} px，而图像是 {image} px：掩码会用最近邻插值缩放',
    classTooHigh: '包含类别索引 {value}，但只有 {numClasses} 个类别（0–{maxClass}）：请增加类别数或修正掩码',
    tooManyColours: '掩码用了 {colours} 种颜色，多于 {numClasses} 个类别：请增加类别数或编辑调色板',
    strayMaskValues:
      '取值 {indexValues} 和 {stray}：{stray} ≥ {numClasses} 个类别；请选择这些掩码保存的是类别索引还是颜色',
    decodeFailed: '无法解码：{reason}',
    noPairs: '没有找到图像 + 掩码对：没有可训练的数据',
    tooFewPairs: '至少需要 2 对（一对训练，一对验证）',
    notScanned: '运行前已检查 {total} 个掩码中的 {scanned} 个；其余的在解码时检查',
    photosNotReady: '照片还在绘制中：请稍后再试',
    noFilesLoaded: '请先选择你的图像和掩码文件（数据集面板）',
    datasetBroken: {
      one: '数据集有 {count} 个错误：修正之前不会开始任何运行。第一个：',
      other: '数据集有 {count} 个错误：修正之前不会开始任何运行。第一个：',
    },
  },
  panel: {
    legend: '数据集',
    sourceLabel: '训练数据',
    sources: { synthetic: '合成的形状', files: '你的图像', photos: '照片（在这里绘制，JPEG）' },
    privacy: '你的文件只留在这个浏览器里：在本地读取，在数据加载工作程序中解码，不会发送到任何地方。',
    dropHint: '把图像和掩码拖到这里，或',
    pickFiles: '选择文件',
    pickFolder: '选择文件夹',
    rule: '图像：JPEG、PNG 或 WebP。掩码：PNG，放在 masks/ 文件夹中与图像同名，或加 _mask 后缀（cat.jpg ↔ masks/cat.png 或 cat_mask.png），内容为类别索引 0…K−1 或每个类别一种颜色。',
    indexing: '正在读取 {total} 个文件中的第 {done} 个…',
    summary: '{pairs} 对：{train} 对用于训练，{validation} 对留作验证（固定划分）。',
    maskMode: { indices: '掩码保存类别索引。', colours: '掩码保存颜色；按调色板对应类别：' },
    maskModeChoice: {
      legend: '这些灰度掩码看起来是类别索引，只有少数取值例外。读取方式：',
      indices: '类别索引（例外的取值是需要修正的错误）',
      colours: '颜色，由调色板把每种颜色对应到一个类别',
    },
    paletteClass: '颜色 {hex} 对应的类别',
    paletteTooLong:
      '掩码中有 {colours} 种颜色：彩色掩码需要每个类别恰好一种颜色（平滑的边缘会带来中间色；保存掩码时请关闭抗锯齿）。',
    problemsTitle: { one: '发现 {count} 个问题', other: '发现 {count} 个问题' },
    moreProblems: '…另有 {count} 个',
    blocked: '请先修正上面的错误，再用这些文件训练。',
    photosSummary: '{count} 张 JPEG 照片和 PNG 掩码，{bytes}，在这里绘制。',
    severity: { error: '错误', warning: '警告', notice: '提示' },
    classOfFiles: '类别 {k}',
    statsMeasured: '均值 / 标准差在其中 {count} 张图像上测得',
  },
} satisfies Dictionary['ownImages'];
