import { ladybugInitializer } from './conformance/ladybug.initializer.js';
import { registerConformanceSuite } from './conformance/suite.js';

registerConformanceSuite(ladybugInitializer(true));
registerConformanceSuite(ladybugInitializer(false));
