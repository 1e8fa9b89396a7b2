import { describeMatrix } from './matrix';

describeMatrix('audit');
