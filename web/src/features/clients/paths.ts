import { CLIENTS_PATH } from '@/lib/business-paths';

export { CLIENTS_PATH, clientPath } from '@/lib/business-paths';
export const clientEditPath = (id: number) => `${CLIENTS_PATH}/${id}/edit`;
export const CLIENT_CREATE_PATH = `${CLIENTS_PATH}/create`;
