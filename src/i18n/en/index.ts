/** The English dictionary: the source of every key (src/i18n/types.ts derives the Dictionary type from it). */
import { app } from './frame';
import { charts } from './chartText';
import { compare } from './compare';
import { fields } from './fields';
import { lessons } from './lessons';
import { panels } from './panels';
import { parallel } from './parallel';
import { preflight } from './preflight';
import { problems } from './problems';
import { profile } from './profile';

export const en = { app, charts, compare, fields, lessons, panels, parallel, preflight, problems, profile };
