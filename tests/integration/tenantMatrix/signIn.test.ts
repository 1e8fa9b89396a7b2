import { describeMatrix } from './matrix';

describeMatrix('signIn');
