import { describeMatrix } from './matrix';

describeMatrix('sessions');
