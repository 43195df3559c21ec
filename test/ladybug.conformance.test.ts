import { ladybugInitializer } from './conformance/ladybug.initializer.js';
import { registerConformanceSuite } from './conformance/suite.js';

registerConformanceSuite(ladybugInitializer('cached'));
registerConformanceSuite(ladybugInitializer('raw'));
registerConformanceSuite(ladybugInitializer('cached search only'));
