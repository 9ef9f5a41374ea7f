import { http, type HttpHandler } from 'msw';

/**
 * A CEP service in ViaCEP's shape (`GET …/cep/{8 digits}/json/`), so that the wizard's address lookup
 * (config `cepLookupUrl`) works in the sandbox and in tests. Not part of the provider's interface: no
 * bearer, no faults of its own (tests make it fail at the network level).
 */
export const seededCeps: Record<
  string,
  { logradouro: string; bairro: string; localidade: string; uf: string }
> = {
  '04101000': {
    logradouro: 'Rua Domingos de Morais',
    bairro: 'Vila Mariana',
    localidade: 'São Paulo',
    uf: 'SP',
  },
  '01310100': { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', localidade: 'São Paulo', uf: 'SP' },
  '20040020': { logradouro: 'Avenida Rio Branco', bairro: 'Centro', localidade: 'Rio de Janeiro', uf: 'RJ' },
  '70040010': {
    logradouro: 'Esplanada dos Ministérios',
    bairro: 'Zona Cívico-Administrativa',
    localidade: 'Brasília',
    uf: 'DF',
  },
};

export function createCepHandlers(prefix: string): HttpHandler[] {
  return [
    http.get(`${prefix}/cep/:cep/json/`, ({ params }) => {
      const cep = typeof params.cep === 'string' ? params.cep : '';
      const headers = { 'Cache-Control': 'no-store' };
      // ViaCEP: 400 for a malformed CEP, 200 with `"erro": "true"` for an unknown one.
      if (!/^\d{8}$/.test(cep)) return Response.json({ erro: 'true' }, { status: 400, headers });
      const found = seededCeps[cep];
      if (!found) return Response.json({ erro: 'true' }, { headers });
      return Response.json(
        {
          cep: `${cep.slice(0, 5)}-${cep.slice(5)}`,
          ...found,
          complemento: '',
          unidade: '',
          estado: '',
          regiao: '',
          ibge: '',
          gia: '',
          ddd: '',
          siafi: '',
        },
        { headers },
      );
    }),
  ];
}
