import { describeMatrix } from './matrix';

describeMatrix('groups');
