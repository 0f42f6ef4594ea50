export { t, translatorOf } from './t';
