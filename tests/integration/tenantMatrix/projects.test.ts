import { describeMatrix } from './matrix';

describeMatrix('projects');
