import { describeMatrix } from './matrix';

describeMatrix('catalogue');
