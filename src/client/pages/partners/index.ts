/** The partners page folder as other pages see it: the only file they may import (issue 41 §1). */
export { statusWord } from './contract-bits';
export { INCOMING_CONTRACTS, useContractLabels, useMyContracts } from './partners-api';
export { pageCount, pageFrom } from './partners-format';
export { WaitingContractsPanel } from './waiting-contracts-panel';
