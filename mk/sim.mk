# mk/sim.mk - malekeh-sim's two paths (included by the Makefile): `make test` checks that
# the statistics-only default gives exactly the statistics of the bit-accurate path.
TEST_CMDS += "bash tests/sim_nodata.sh"
