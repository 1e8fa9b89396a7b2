import { describeMatrix } from './matrix';

describeMatrix('enquiries');
