/** 简体中文：任何任务（对比、课程、扫描、批大小查找、多 GPU 运行）的结束方式。 */
import type { Dictionary } from '../types';

export const jobs = {
  stopped: '已停止。',
} satisfies Dictionary['jobs'];
