import { describeMatrix } from './matrix';

describeMatrix('provisioning');
