// Property tests generate collections up to the maxLength they name. fast-check's default size
// ("small") caps an array at 2 × minLength + 10 items whatever maxLength says, so a test asking for
// up to 300 ids or 30 commands got at most 10, and never reached what only longer inputs show
// (a chunk past its sparse form, a cache past its bound, a long run of writes and searches).
import fc from 'fast-check';

fc.configureGlobal({ ...fc.readConfigureGlobal(), defaultSizeToMaxWhenMaxSpecified: true });
