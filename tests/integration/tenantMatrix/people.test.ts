import { describeMatrix } from './matrix';

describeMatrix('people');
