import { describeMatrix } from './matrix';

describeMatrix('organisations');
