import { registerConformanceSuite } from '../src/store/conformance/suite.js';
import { ladybugInitializer } from './conformance/ladybug.initializer.js';

registerConformanceSuite(ladybugInitializer('cached'));
registerConformanceSuite(ladybugInitializer('raw'));
registerConformanceSuite(ladybugInitializer('cached search only'));
