/** 简体中文词典：键与英文词典一一对应（缺少或多出一个键都是编译错误）。 */
import type { Dictionary } from '../types';
import { app } from './frame';
import { charts } from './chartText';
import { compare } from './compare';
import { fields } from './fields';
import { finder } from './finder';
import { jobs } from './jobs';
import { lessons } from './lessons';
import { ownImages } from './ownImages';
import { panels } from './panels';
import { parallel } from './parallel';
import { preflight } from './preflight';
import { problems } from './problems';
import { profile } from './profile';
import { sweeps } from './sweeps';
import { verdict } from './verdict';

export const zhCN = {
  app,
  charts,
  compare,
  fields,
  finder,
  jobs,
  lessons,
  ownImages,
  panels,
  parallel,
  preflight,
  problems,
  profile,
  sweeps,
  verdict,
} satisfies Dictionary;
