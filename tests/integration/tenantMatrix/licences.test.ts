import { describeMatrix } from './matrix';

describeMatrix('licences');
