export const CLIENTS_PATH = '/business/clients';
export const clientPath = (id: number) => `${CLIENTS_PATH}/${id}`;
export const clientEditPath = (id: number) => `${CLIENTS_PATH}/${id}/edit`;
export const CLIENT_CREATE_PATH = `${CLIENTS_PATH}/create`;
