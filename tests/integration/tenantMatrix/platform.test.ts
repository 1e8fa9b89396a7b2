import { describeMatrix } from './matrix';

describeMatrix('platform');
