import { describeMatrix } from './matrix';

describeMatrix('settings');
