/** The English dictionary: the source of every key (src/i18n/types.ts derives the Dictionary type from it). */
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

export const en = {
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
};
